package org.errorformatter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The checks of {@code errfmt lint}, with the findings as values. Nothing is ever written. */
public final class Lint {
    private Lint() {
    }

    /**
     * Lints table files and catalog directories, as {@code errfmt lint PATH...} does. Each
     * directory is linted as one catalog; the files named directly ({@code .strings},
     * {@code .stringsdict}, {@code .xcstrings}, {@code .json}) are linted together, each file's
     * localization taken from its {@code <loc>.lproj} directory. Findings, errors included, are
     * returned, not thrown.
     *
     * @param paths the files and directories, at least one
     * @param developmentLocale the development language (e.g. {@code "de"}), or null for
     *     {@code Base}, else {@code en}
     * @return the findings, ordered by file (as read), line and column
     * @throws ErrorFormatterException {@link Status#NOT_FOUND} (a path that does not exist;
     *     {@code file()} names it), {@link Status#IO}, {@link Status#INVALID_ARGUMENT} (no paths,
     *     a file that is not a table), {@link Status#INVALID_LOCALE}
     * @throws NullPointerException when {@code paths} or one of them is null
     */
    public static List<LintDiagnostic> paths(List<Path> paths, String developmentLocale) {
        Objects.requireNonNull(paths, "paths");
        byte[][] encoded = new byte[paths.size()][];
        for (int index = 0; index < encoded.length; index++) {
            Path path = Objects.requireNonNull(paths.get(index), "paths[" + index + "]");
            encoded[index] = Utf8.encode(path.toString(), "paths[" + index + "]");
        }
        return report(Native.lintPaths(encoded, Utf8.encodeOptional(developmentLocale, "developmentLocale")));
    }

    /** The findings of an {@code ef_lint_report_packed} output. */
    static List<LintDiagnostic> report(byte[] output) {
        String what = "lint report";
        List<String> items = Packed.items(output, what);
        long[] header = Packed.header(items, Packed.EF_PACKED_LINT_HEADER_NUMBERS, what);
        int count = Packed.bounded(header[1], items.size(), "the finding count", what);
        Packed.expectCount(items, Packed.EF_PACKED_LINT_DIAGNOSTICS + (long) Packed.EF_PACKED_DIAGNOSTIC_ITEMS * count,
                what);
        List<LintDiagnostic> findings = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            findings.add(Packed.diagnostic(items,
                    Packed.EF_PACKED_LINT_DIAGNOSTICS + Packed.EF_PACKED_DIAGNOSTIC_ITEMS * index, what));
        }
        return List.copyOf(findings);
    }
}
