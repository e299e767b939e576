import subprocess

from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent, event_source


# a Lambda behind API Gateway (Powertools' event class): the event is the HTTP request
@event_source(data_class=APIGatewayProxyEvent)
def lambda_handler(event: APIGatewayProxyEvent, context):
    name = event.get_query_string_value("name", "")
    # ruleid: code_execution[shell]
    out = subprocess.check_output(f"host {name}", shell=True, text=True)
    # ok: code_execution
    subprocess.run(["host", name], check=False)
    return {"statusCode": 200, "body": out}
