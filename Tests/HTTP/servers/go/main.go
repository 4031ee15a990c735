// The net/http server of make test-http: every request is an HTTPProblem, answered by the
// binding's WriteProblem. usage: server CATALOG PORT
package main

import (
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

func main() {
	catalog, err := errorformatter.Open(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	options := errorformatter.ProblemOptions{
		TypeTemplate: "https://errors.example.com/{domain}/{code}",
		Members:      errorformatter.ProblemCode | errorformatter.ProblemDomain,
	}
	http.HandleFunc("/errors/", func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/errors/"), "/")
		code, err := strconv.ParseInt(parts[len(parts)-1], 10, 64)
		if len(parts) != 2 || err != nil {
			http.NotFound(w, r)
			return
		}
		status := http.StatusInternalServerError
		if text := r.URL.Query().Get("status"); text != "" {
			status, _ = strconv.Atoi(text)
		}
		problem := &errorformatter.HTTPProblem{
			ErrorInfo: errorformatter.ErrorInfo{Domain: parts[0], Code: code},
			Status:    status, Instance: r.URL.Query().Get("instance"),
		}
		if err := errorformatter.WriteProblem(w, r, catalog, problem, options); err != nil {
			log.Print(err)
		}
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Args[2], nil))
}
