# mk/vectors.mk -- the packed format's golden vectors (docs/packed-format.md, "Golden vectors"),
# and the problem responses' (Tests/vectors/problem).
#
#   make test-vectors   writes the vectors from the library and errfmt just built into
#                       build/vectors/packed and build/vectors/problem and fails if they differ
#                       from Tests/vectors/packed or Tests/vectors/problem (part of make check): a
#                       change of the format, or of a result, is seen
#   make vectors        rewrites both, after a change made on purpose; commit the vectors' diff
#                       with the change that made it
#
# Included by the top Makefile after its variables; uses mk/bindings.mk's BINDINGS_LIBRARY.

CHECKS += test-vectors

.PHONY: test-vectors vectors

VECTORS          := Tests/vectors/packed
VECTORS_GENERATE := $(PYTHON) Tests/vectors/generate_packed.py $(abspath $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)) \
                    $(abspath $(BUILD)/bin/errfmt) $(CURDIR)
PROBLEM_VECTORS          := Tests/vectors/problem
PROBLEM_VECTORS_GENERATE := $(PYTHON) Tests/vectors/generate_problem.py \
                            $(abspath $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)) $(CURDIR)

test-vectors: lib cli
	$(VECTORS_GENERATE) $(BUILD)/vectors/packed
	@diff -r $(VECTORS) $(BUILD)/vectors/packed > $(BUILD)/vectors/packed.diff || { \
	  echo "test-vectors: the library's packed outputs differ from $(VECTORS):"; \
	  head -n 40 $(BUILD)/vectors/packed.diff; \
	  echo "(after a change made on purpose, make vectors rewrites them: commit the diff)"; exit 1; }
	@echo "test-vectors: the outputs equal $(VECTORS)"
	$(PROBLEM_VECTORS_GENERATE) $(BUILD)/vectors/problem
	@diff -r $(PROBLEM_VECTORS) $(BUILD)/vectors/problem > $(BUILD)/vectors/problem.diff || { \
	  echo "test-vectors: the library's problem responses differ from $(PROBLEM_VECTORS):"; \
	  head -n 40 $(BUILD)/vectors/problem.diff; \
	  echo "(after a change made on purpose, make vectors rewrites them: commit the diff)"; exit 1; }
	@echo "test-vectors: the problem responses equal $(PROBLEM_VECTORS)"

vectors: lib cli
	$(VECTORS_GENERATE) $(VECTORS)
	$(PROBLEM_VECTORS_GENERATE) $(PROBLEM_VECTORS)
