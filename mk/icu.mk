# mk/icu.mk -- the locale oracles of the ICU under test, and the suites on another ICU major.
#
#   make icu-oracles     build/icu-oracles/chains.tsv: what the linked ICU says about every
#                        available locale's fallback chain (tools/icu-oracles); test-swift reads it
#   make test-icu ICU=76 the Swift, C and CLI suites in a Debian 13 root whose system ICU is 76
#                        (tools/icu-root: made with debootstrap, cached outside the clone, the
#                        Swift toolchain bind-mounted read-only). Needs root; where the root
#                        cannot be made (no debootstrap, no mirror) it prints SKIP and succeeds.
#
# ICU=system|bundled is the artifacts' choice (mk/wheel.mk); for test-icu a number picks the
# root's major. Debian ships 72 (bookworm, the host) and 76 (trixie); no Debian suite ships 74.

ICU_ORACLES      := $(BUILD)/icu-oracles
ICU_ORACLE_TOOL  := $(ICU_ORACLES)/icu_oracles
ICU_TEST_MAJORS  ?= 76

APT_PACKAGES += debootstrap

.PHONY: icu-oracles test-icu
TESTS += test-icu

$(ICU_ORACLE_TOOL): tools/icu-oracles/icu_oracles.c
	mkdir -p $(ICU_ORACLES)
	$(CC) -O2 -Wall -Wextra -o $@ $< $(shell pkg-config --cflags icu-uc 2>/dev/null) $(ICU_LIBS)

# Regenerated on every run (half a second): the file must describe the ICU the tests link, and
# a system ICU can change under an unchanged tree.
icu-oracles: $(ICU_ORACLE_TOOL)
	$(ICU_ORACLE_TOOL) chains > $(ICU_ORACLES)/chains.tsv.new
	mv $(ICU_ORACLES)/chains.tsv.new $(ICU_ORACLES)/chains.tsv
	@echo "icu-oracles: $(ICU_ORACLES)/chains.tsv from ICU $$($(ICU_ORACLE_TOOL) version)"

# Generated from the full system data, while test-swift runs the suites on the trimmed data
# the packages ship (the top Makefile): the trimmed data must give the same answers.
test-swift: icu-oracles

# `make test` runs it for each major in ICU_TEST_MAJORS; `make test-icu ICU=76` for one.
test-icu:
	@for major in $(if $(filter-out system bundled,$(ICU)),$(ICU),$(ICU_TEST_MAJORS)); do \
	    tools/icu-root/run-in-root.sh $$major || exit $$?; done
