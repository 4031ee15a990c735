module errorformatter-http-test

go 1.19

require github.com/errorformatter/errorformatter-go v0.0.0

replace github.com/errorformatter/errorformatter-go => ../../../../bindings/go
