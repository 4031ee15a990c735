package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/** The binding's results against errfmt's for the same errors (the same core through the CLI). */
public class CrossCheckTest {
    /** errfmt format's three lines: "title:   ...", "message: ...", "button:  ...". */
    private static List<String> errfmt(Path errfmt, String catalog, String locales, String domain, long code,
                                       String... extra) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(errfmt.toString(), "format", "--quiet", "--catalog",
                Fixtures.examples().resolve(catalog).toString(), "--domain", domain, "--code", Long.toString(code),
                "--locale", locales));
        command.addAll(List.of(extra));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(output, 0, process.waitFor());
        List<String> texts = new ArrayList<>();
        for (String line : output.split("\n", -1)) {
            if (!line.isEmpty()) {
                texts.add(line.substring(line.indexOf(':') + 1).replaceFirst("^ +", ""));
            }
        }
        return texts;
    }

    private static List<String> texts(FormattedError shown) {
        return List.of(shown.title(), shown.message(), shown.button());
    }

    @Test
    public void coreLocationAgreesWithErrfmt() throws Exception {
        Path errfmt = Fixtures.errfmt();
        assumeTrue("errfmt not given (-Derrorformatter.errfmt)", errfmt != null && Files.isExecutable(errfmt));
        try (Catalog catalog = Fixtures.coreLocation()) {
            for (String locales : List.of("en", "fr-CA", "es-MX", "zh-TW", "ja", "de-AT", "pt-BR,es-MX")) {
                for (long code : new long[] {0, 2, 8, 9, 42}) {
                    assertEquals(locales + " " + code, errfmt(errfmt, "CoreLocation", locales, "kCLErrorDomain", code),
                            texts(catalog.format("kCLErrorDomain", code, List.of(locales.split(",")))));
                }
            }
        }
    }

    @Test
    public void typedArgumentsAgreeWithErrfmt() throws Exception {
        Path errfmt = Fixtures.errfmt();
        assumeTrue("errfmt not given (-Derrorformatter.errfmt)", errfmt != null && Files.isExecutable(errfmt));
        try (Catalog catalog = Fixtures.sync()) {
            assertEquals(errfmt(errfmt, "Sync", "fr-CA", "SyncErrorDomain", 3, "--arg-double", "0.25", "--arg", "Sauvegarde"),
                    texts(catalog.format(ErrorInfo.builder("SyncErrorDomain", 3).arguments(Argument.of(0.25),
                            Argument.of("Sauvegarde")).build(), List.of("fr-CA"))));
            assertEquals(errfmt(errfmt, "Sync", "fr", "SyncErrorDomain", 2, "--arg-uint", "18446744073709551615"),
                    texts(catalog.format(ErrorInfo.builder("SyncErrorDomain", 2)
                            .argument(Argument.ofUnsigned(-1L)).build(), List.of("fr"))));
            assertEquals(errfmt(errfmt, "Sync", "de-CH", "SyncErrorDomain", 1, "--arg", "Bericht 📄.pdf"),
                    texts(catalog.format(ErrorInfo.builder("SyncErrorDomain", 1)
                            .argument(Argument.of("Bericht 📄.pdf")).build(), List.of("de-CH"))));
        }
    }
}
