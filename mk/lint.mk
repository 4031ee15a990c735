# mk/lint.mk -- errfmt lint over the shared corpus (a report, not a test).
#
#   make lint-corpus    counts per check, time, and a sample of findings per check

.PHONY: lint-corpus

CORPUS_DATA ?= ../shared/corpus/data

lint-corpus: $(BUILD)/bin/errfmt
	@test -d $(CORPUS_DATA) || { echo "lint-corpus: $(CORPUS_DATA) is absent"; exit 1; }
	$(PYTHON) Tests/Corpus/lint_corpus.py $(BUILD)/bin/errfmt $(CORPUS_DATA)
