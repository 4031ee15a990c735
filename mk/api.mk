# mk/api.mk -- the Swift surfaces of the ErrorFormatter module, checked against two baselines.
#
#   make test-api       the module's public declarations equal Tests/API/ErrorFormatter.api.txt,
#                       and its `package` declarations Tests/API/ErrorFormatter.package.txt
#                       (fails with a diff on any change to either; part of make check)
#   make api-baseline   accept both surfaces as they are, after an intended change; commit the
#                       updated files with the change that made them
#
# What a Swift user of the `ErrorFormatter` product may name is public; what only this package's
# targets (the C layer, errfmt, the tests) name is `package`; the rest is internal. The listings
# are made by Tests/API/check_api.sh from the release build's module (the one `make lib` builds).

ifndef SCRATCH
$(error mk/api.mk needs the top Makefile's variables: run make from the project root)
endif

CHECKS += test-api


.PHONY: test-api api-baseline

API_MODULES          := $(SCRATCH)/release/Modules
API_BASELINE         := Tests/API/ErrorFormatter.api.txt
API_PACKAGE_BASELINE := Tests/API/ErrorFormatter.package.txt

test-api: lib
	PYTHON="$(PYTHON)" sh Tests/API/check_api.sh $(API_MODULES) $(API_BASELINE) $(API_PACKAGE_BASELINE)

api-baseline: lib
	PYTHON="$(PYTHON)" sh Tests/API/check_api.sh $(API_MODULES) $(API_BASELINE) $(API_PACKAGE_BASELINE) --update
