import os

import psycopg2

conn = psycopg2.connect(os.environ["DATABASE_URL"])


def _param(event, name):
    for p in event.get("parameters", []):
        if p["name"] == name:
            return p["value"]
    return None


# a Bedrock agent's action group: the agent (the model) fills the parameters the Lambda receives
def lambda_handler(event, context):
    city = _param(event, "city")
    sql = "SELECT name, stars FROM hotels WHERE city = '" + city + "' ORDER BY stars DESC"
    with conn.cursor() as cur:
        # ruleid: sql_injection
        cur.execute(sql)
        rows = cur.fetchall()
    return {"messageVersion": "1.0", "response": {"actionGroup": event["actionGroup"], "function": event["function"], "functionResponse": {"responseBody": {"TEXT": {"body": str(rows)}}}}}


def safe_handler(event, context):
    city = _param(event, "city")
    with conn.cursor() as cur:
        # ok: sql_injection
        cur.execute("SELECT name, stars FROM hotels WHERE city = %s ORDER BY stars DESC", (city,))
        rows = cur.fetchall()
    return {"messageVersion": "1.0", "response": {"actionGroup": event["actionGroup"], "function": event["function"], "functionResponse": {"responseBody": {"TEXT": {"body": str(rows)}}}}}


# an OpenAPI action group: the handler dispatches on the API path; checking the path checks that field only
def api_handler(event, context):
    api_path = event.get("apiPath")
    if api_path == "/runSQLQuery":
        statement = ""
        for prop in event["requestBody"]["content"]["application/json"]["properties"]:
            if prop["name"] == "SQLQuery":
                statement = prop["value"]
        with conn.cursor() as cur:
            # ruleid: sql_injection
            cur.execute(statement)
            return {"rows": cur.fetchall()}
    return {"error": "unknown path"}
