# mk/api.mk -- the public Swift API of the ErrorFormatter module, checked against a baseline.
#
#   make test-api       the module's public declarations equal Tests/API/ErrorFormatter.api.txt
#                       (fails with a diff on any change; part of make check)
#   make api-baseline   accept the current public API as the baseline, after an intended change;
#                       commit the updated file with the change that made it
#
# What a Swift user of the `ErrorFormatter` product may name is public; what only this package's
# targets (the C layer, errfmt, the tests) name is `package`; the rest is internal. The listing
# is made by Tests/API/check_api.sh from the release build's module (the one `make lib` builds).

ifndef SCRATCH
$(error mk/api.mk needs the top Makefile's variables: run make from the project root)
endif

CHECKS += test-api


.PHONY: test-api api-baseline

API_MODULES  := $(SCRATCH)/release/Modules
API_BASELINE := Tests/API/ErrorFormatter.api.txt

test-api: lib
	PYTHON="$(PYTHON)" sh Tests/API/check_api.sh $(API_MODULES) $(API_BASELINE)

api-baseline: lib
	PYTHON="$(PYTHON)" sh Tests/API/check_api.sh $(API_MODULES) $(API_BASELINE) --update
