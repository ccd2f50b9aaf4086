module {{PROJECT_SLUG}}

go 1.19
