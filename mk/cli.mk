# mk/cli.mk -- errfmt's contract tests and its part of `make demo`.
#
#   make test-cli   Tests/CLI (pytest) against build/bin/errfmt: exact outputs and exit statuses
#   make demo-cli   the original ErrorFormatter's table through errfmt: what each of its errors
#                   shows, in English and translated, then lint finding the original's two bugs
#                   (the first part of make demo)

.PHONY: test-cli demo-cli
DEMOS := demo-cli $(DEMOS)
CHECKS += test-cli
# Tests/CLI/test_lint.py validates errfmt lint's SARIF against the vendored SARIF 2.1.0 schema.
PIP_PACKAGES += pytest jsonschema

# errfmt's output is a contract for tooling: these tests pin it down.
test-cli: $(BUILD)/bin/errfmt
	ERRFMT=$(abspath $(BUILD)/bin/errfmt) $(PYTHON) -m pytest -q -p no:cacheprovider Tests/CLI

DEMO_ERRFMT := $(BUILD)/bin/errfmt

# The seed's errors (codes 0, 2, 8 and 9 of kCLErrorDomain) as the original class would look
# them up, with where each field came from; then a few translations, key by key; then lint. Lint
# exits 1 on the seed's findings, which is the point of the demo, so that status is reported,
# not fatal.
demo-cli: $(DEMO_ERRFMT)
	@for code in 0 2 8 9; do \
	  echo "== errfmt format: kCLErrorDomain $$code in English (the original table)"; \
	  $(DEMO_ERRFMT) format --catalog $(EXAMPLE) --domain kCLErrorDomain --code $$code --locale en \
	    --explain || exit 1; \
	done
	@for locales in fr-CA es-MX zh-TW ja de-AT; do \
	  for code in 0 2; do \
	    echo "== errfmt format: kCLErrorDomain $$code for $$locales"; \
	    $(DEMO_ERRFMT) format --catalog $(EXAMPLE) --domain kCLErrorDomain --code $$code \
	      --locale $$locales --explain || exit 1; \
	  done; \
	done
	@echo "== errfmt format: an unknown domain falls back to errors.title and the error's own text"
	$(DEMO_ERRFMT) format --catalog $(EXAMPLE) --domain NSURLErrorDomain --code -1009 \
	  --locale fr-CA --recovery-suggestion "Check your connection." --explain
	@echo "== errfmt lint: the original table's two bugs"
	@echo "   1. errors.kCLErrorDomain.8.message is defined twice (the second was meant to be code 9's);"
	@echo "      both are empty, so code 8 shows an empty message (above)."
	@echo "   2. errors.kCLErrorDomain.9 has a title but no message, so code 9 shows none (above)."
	@$(DEMO_ERRFMT) lint --catalog $(EXAMPLE) \
	  || echo "(errfmt lint exit status $$?: the findings above)"
