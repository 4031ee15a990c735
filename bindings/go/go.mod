module github.com/errorformatter/errorformatter-go

go 1.19
