package main

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

var db *sql.DB

// an AWS Lambda behind API Gateway: the request is its typed event
func search(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	term := req.QueryStringParameters["q"]
	stmt := fmt.Sprintf("SELECT title FROM docs WHERE title ILIKE '%%%s%%'", term)
	// ruleid: sql_injection
	rows, err := db.QueryContext(ctx, stmt)
	if err != nil {
		return events.APIGatewayProxyResponse{StatusCode: 500}, err
	}
	defer rows.Close()
	return events.APIGatewayProxyResponse{StatusCode: 200}, nil
}

func searchSafe(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	term := req.QueryStringParameters["q"]
	// ok: sql_injection
	rows, err := db.QueryContext(ctx, "SELECT title FROM docs WHERE title ILIKE '%' || $1 || '%'", term)
	if err != nil {
		return events.APIGatewayProxyResponse{StatusCode: 500}, err
	}
	defer rows.Close()
	return events.APIGatewayProxyResponse{StatusCode: 200}, nil
}

func main() { lambda.Start(search) }
