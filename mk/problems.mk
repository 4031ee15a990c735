# mk/problems.mk -- problem responses (RFC 9457) on real servers (Tests/HTTP/run_http_tests.py).
#
#   make test-http   a FastAPI app under uvicorn, a Flask app, a node:http server, an Express app,
#                    a Go net/http server and a JDK HttpServer, each on 127.0.0.1 and each using
#                    its binding's hook, answer the same requests (twenty Accept-Language headers)
#                    with errfmt problem's status, header fields and body; bounded to minutes
#   make bench-problem-python   the library's share of a FastAPI error response (in process)
#
# Included by the top Makefile after its variables and, by its name, after the bindings' mk files
# (NODE_ADDON, GO_ENV, JAVA_DEV_JNI... name prerequisites here).

ifndef LIBNAME
$(error mk/problems.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS += test-http
BENCHES += bench-problem-python
PIP_PACKAGES += fastapi uvicorn flask jsonschema
# Express from Debian (its node-express), curl as the client.
APT_PACKAGES += node-express curl

.PHONY: test-http bench-problem-python

HTTP_BUILD   := $(BUILD)/http
HTTP_SERVERS := Tests/HTTP/servers
HTTP_GO      := $(HTTP_BUILD)/go-server
HTTP_JAVA    := $(HTTP_BUILD)/java/ProblemServer.class
HTTP_PYTHON_ENV := "ERRORFORMATTER_LIBRARY": "$(abspath $(BINDINGS_LIBRARY))", \
                   "PYTHONPATH": "$(abspath bindings/python/src)"
HTTP_NODE_ENV   := "ERRORFORMATTER_NODE_ADDON": "$(abspath $(NODE_ADDON))", \
                   "NODE_PATH": "$(abspath $(NODE_MODULES)):/usr/share/nodejs"

# Each server: its command line ({catalog} and {port} filled in by the driver) and environment.
define HTTP_SERVERS_JSON
{
  "fastapi": {"argv": ["$(abspath $(VENV))/bin/python", "$(abspath $(HTTP_SERVERS))/fastapi_app.py", "{catalog}", "{port}"],
              "env": {$(HTTP_PYTHON_ENV)}},
  "flask": {"argv": ["$(abspath $(VENV))/bin/python", "$(abspath $(HTTP_SERVERS))/flask_app.py", "{catalog}", "{port}"],
            "env": {$(HTTP_PYTHON_ENV)}},
  "node-http": {"argv": ["$(NODE)", "$(abspath $(HTTP_SERVERS))/node_http.js", "{catalog}", "{port}"],
                "env": {$(HTTP_NODE_ENV)}},
  "express": {"argv": ["$(NODE)", "$(abspath $(HTTP_SERVERS))/express_app.js", "{catalog}", "{port}"],
              "env": {$(HTTP_NODE_ENV)}},
  "go": {"argv": ["$(abspath $(HTTP_GO))", "{catalog}", "{port}"],
         "env": {"LD_LIBRARY_PATH": "$(abspath $(BUILD)/lib)"}},
  "java": {"argv": ["$(JAVA)", "-Derrorformatter.jni=$(abspath $(JAVA_DEV_JNI))",
                    "-cp", "$(abspath $(JAVA_CLASSES)):$(abspath $(HTTP_BUILD)/java)", "ProblemServer", "{catalog}", "{port}"]}
}
endef

$(HTTP_GO): $(HTTP_SERVERS)/go/main.go $(HTTP_SERVERS)/go/go.mod $(wildcard bindings/go/*.go) \
            $(BUILD)/lib/$(LIBNAME).$(VERSION) $(BUILD)/lib/pkgconfig/errorformatter.pc $(BUILD)/include/errorformatter.h
	mkdir -p $(dir $@)
	cd $(HTTP_SERVERS)/go && env $(GO_ENV) $(GO) build -o $(abspath $@) .

$(HTTP_JAVA): $(HTTP_SERVERS)/java/ProblemServer.java $(JAVA_BUILD)/classes.stamp | $(HTTP_BUILD)/java
	$(JAVAC) --release 17 -Xlint:all -Werror -cp $(JAVA_CLASSES) -d $(dir $@) $<

# Written by make itself ($(file)), once the directory exists.
$(HTTP_BUILD)/servers.json: mk/problems.mk | $(HTTP_BUILD)/java
	$(file >$@,$(HTTP_SERVERS_JSON))
$(HTTP_BUILD)/java:
	mkdir -p $@

test-http: lib $(BUILD)/bin/errfmt $(NODE_ADDON) $(NODE_MODULES)/errorformatter $(HTTP_GO) $(HTTP_JAVA) \
           $(JAVA_DEV_JNI) $(HTTP_BUILD)/servers.json
	$(PYTHON) Tests/HTTP/run_http_tests.py $(abspath $(BUILD)/bin/errfmt) $(abspath $(EXAMPLE)) \
	    $(HTTP_BUILD)/servers.json $(HTTP_BUILD)/logs

bench-problem-python: lib
	$(BINDINGS_PYTHON) Benchmarks/python/fastapi_problem_bench.py $(EXAMPLE)
