# mk/fresh.mk -- make test as a brand-new machine runs it (not part of make test).
#
#   make test-fresh   .ci/run in a clean clone of HEAD (build/fresh/errorformatter, ../shared
#                     linked beside it) with XDG_CACHE_HOME and npm's cache pointing to empty
#                     directories, so nothing cached by an earlier run is used: the ICU build,
#                     the Debian 11 and 13 roots, the ABI gate's releases and every download
#                     are made again. The log,
#                     with each line's time and the slowest recipes, is build/fresh/fresh.log.
#
# What it cannot undo is the system: the Debian packages a first run installs stay installed.
# A first run on a new machine takes about as long as this plus their download (README).

.PHONY: test-fresh

test-fresh:
	sh tools/test-fresh/test-fresh.sh $(abspath $(BUILD)/fresh)
