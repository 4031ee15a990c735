# mk/codegen.mk -- errfmt codegen's generated code, and errfmt lint --registry, end to end.
#
#   make test-codegen   Tests/Codegen (pytest) on Examples/Sync, Examples/CoreLocation, a catalog
#                       made from the corpus's String Catalogs (../shared; skipped without it) and
#                       hostile catalogs (keywords of every target language, 10,000 errors, Unicode
#                       domains, names that collide): each of C, C++, Swift, Python, TypeScript,
#                       Go, Java and Rust generated twice (the same bytes), accepted by its strict
#                       checker (cc and g++ -Wall -Wextra -Werror, swiftc -warnings-as-errors, mypy
#                       --strict, tsc --strict, gofmt and go vet, javac -Xlint:all -Werror, cargo
#                       check under deny(warnings)), every constructor called by a driver and
#                       formatting as the library does; a wrong argument type or count rejected by
#                       each checker; errfmt lint --registry in its four formats with its exit
#                       statuses; errfmt codegen's own exit statuses and refusals.
#
# A language whose toolchain is missing is skipped, saying so, as the bindings' suites do. The
# drivers use the bindings as built here: the Node.js addon and the Java binding's classes are
# built first when their toolchains are there (node.mk, java.mk: their variables are read when
# the recipe runs, after every mk file). Everything goes under $(BUILD)/codegen.

ifndef SCRATCH
$(error mk/codegen.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS        += test-codegen
PIP_PACKAGES += pytest jsonschema mypy

.PHONY: test-codegen

test-codegen: all
	$(MAKE) --no-print-directory $(BUILD)/lib/pkgconfig/errorformatter.pc \
	    $(if $(NODE_FOUND),$(NODE_ADDON) $(NODE_MODULES)/errorformatter) $(if $(JAVA_FOUND),$(JAVA_DEV_JNI))
	ERRFMT=$(abspath $(BUILD)/bin/errfmt) CODEGEN_BUILD=$(abspath $(BUILD)) \
	CODEGEN_SWIFT_MODULES=$(abspath $(SCRATCH))/release/Modules \
	CODEGEN_SWIFT_OBJECTS=$(abspath $(SCRATCH))/release/ErrorFormatter.build \
	CODEGEN_NODE_MODULES=$(abspath $(NODE_MODULES)) CODEGEN_NODE_ADDON=$(abspath $(NODE_ADDON)) \
	CODEGEN_JAVA_CLASSES=$(abspath $(JAVA_CLASSES)) CODEGEN_JAVA_JNI=$(abspath $(JAVA_DEV_JNI)) \
	    $(PYTHON) -m pytest -q -p no:cacheprovider -rs --durations=10 Tests/Codegen
