package main

// Filled in when the project was generated.
const (
	projectName        = {{PROJECT_NAME|json}}
	projectDescription = {{DESCRIPTION|json}}
)
