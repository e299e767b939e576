import os

from langchain_core.tools import tool


class Archive:
    """The archive's root is the application's; only the member name comes from the model."""

    def __init__(self, root):
        self.root = root

    @tool
    def read_member(self, name: str) -> str:
        """Read one archived file by name."""
        # ok: path_traversal
        with open(os.path.join(self.root, os.path.basename(name))) as f:
            return f.read()

    @tool
    def read_any(self, name: str) -> str:
        """Read one archived file by path."""
        # ruleid: path_traversal
        with open(os.path.join(self.root, name)) as f:
            return f.read()
