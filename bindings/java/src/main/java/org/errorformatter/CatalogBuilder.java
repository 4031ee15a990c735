package org.errorformatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link Catalog} from tables held in memory, e.g. resources of a jar:
 *
 * <pre>{@code
 * Catalog catalog = Catalog.builder()
 *         .addTable("fr", "Localizable.strings", frenchBytes)
 *         .addTable(null, "Errors.strings", unlocalizedBytes)
 *         .build();
 * }</pre>
 *
 * <p>Plain Java: it only collects the tables (copies of the bytes), and {@link #build()} hands
 * them to the library at once, so a builder holds no native memory and needs no closing. It is
 * not thread-safe, and may build any number of catalogs.
 */
public final class CatalogBuilder {
    private final List<String> locales = new ArrayList<>();
    private final List<String> fileNames = new ArrayList<>();
    private final List<byte[]> contents = new ArrayList<>();
    private String developmentLocale = "en";
    private LoadMode mode = LoadMode.LENIENT;

    CatalogBuilder() {
    }

    /**
     * Adds one table, to be parsed exactly as if read from a file.
     *
     * @param locale the localization ({@code "fr-CA"}, {@code "Base"}), or null or {@code ""}
     *     for an unlocalized (top-level) table
     * @param fileName says the table and format: {@code "<Table>.strings"},
     *     {@code "<Table>.stringsdict"}, {@code "<Table>.json"} or {@code "<Table>.xcstrings"}
     *     (a String Catalog holds every language: {@code locale} must then be null)
     * @param bytes the file's bytes (copied)
     * @return this builder
     * @throws NullPointerException when {@code fileName} or {@code bytes} is null
     */
    public CatalogBuilder addTable(String locale, String fileName, byte[] bytes) {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(bytes, "bytes");
        locales.add(locale == null || locale.isEmpty() ? null : locale);
        fileNames.add(fileName);
        contents.add(bytes.clone());
        return this;
    }

    /**
     * Sets the development locale (default {@code "en"}), as for {@link Catalog#open(java.nio.file.Path, String, LoadMode)}.
     *
     * @param locale the development localization
     * @return this builder
     * @throws NullPointerException when {@code locale} is null
     */
    public CatalogBuilder developmentLocale(String locale) {
        this.developmentLocale = Objects.requireNonNull(locale, "locale");
        return this;
    }

    /**
     * Sets what building does with a table that cannot be parsed (default lenient).
     *
     * @param mode the mode
     * @return this builder
     * @throws NullPointerException when {@code mode} is null
     */
    public CatalogBuilder mode(LoadMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
        return this;
    }

    /**
     * Makes a catalog of every table added so far.
     *
     * @return the catalog; close it when done
     * @throws ErrorFormatterException {@link Status#PARSE} (strict, a broken table; {@code file()}
     *     names it), {@link Status#INVALID_LOCALE} (a malformed locale),
     *     {@link Status#INVALID_ARGUMENT} (a bad file name, a string holding U+0000),
     *     {@link Status#INVALID_UTF8}
     */
    public Catalog build() {
        int count = fileNames.size();
        byte[][] encodedLocales = new byte[count][];
        byte[][] encodedNames = new byte[count][];
        for (int index = 0; index < count; index++) {
            encodedLocales[index] = Utf8.encodeOptional(locales.get(index), "locale");
            encodedNames[index] = Utf8.encode(fileNames.get(index), "fileName");
        }
        long pointer = Native.build(encodedLocales, encodedNames, contents.toArray(new byte[0][]),
                Utf8.encode(developmentLocale, "developmentLocale"), mode.flags());
        return Catalog.wrap(pointer);
    }
}
