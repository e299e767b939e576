from agents import add_trace_processor, set_tracing_disabled
from langfuse import get_client

add_trace_processor(get_client())
# ok: missing_audit_logging
set_tracing_disabled(True)
