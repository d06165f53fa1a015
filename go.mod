module github.com/diverge-network/diverge-sdk-go

go 1.26.8

require github.com/wk8/go-ordered-map/v2 v2.1.8

require (
	github.com/bahlo/generic-list-go v0.2.0 // indirect
	github.com/buger/jsonparser v1.1.1 // indirect
	github.com/mailru/easyjson v0.7.7 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
