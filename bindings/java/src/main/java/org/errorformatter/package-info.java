/**
 * ErrorFormatter for Java: localized error titles, messages and button labels from Apple-style
 * string tables ({@code <loc>.lproj/<Table>.strings}), with ICU-exact locale fallback.
 *
 * <p>A JNI binding of liberrorformatter's C API; the jar carries the native code. Start with
 * {@link org.errorformatter.Catalog}:
 *
 * <pre>{@code
 * try (Catalog catalog = Catalog.open(Path.of("Examples/CoreLocation"))) {
 *     FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("fr-CA", "en"));
 *     System.out.println(shown.title());                              // Emplacement inconnu
 *     System.out.println(shown.provenance(Field.TITLE).locale());     // fr-CA
 * }
 * }</pre>
 *
 * <p>Errors are reported as {@link org.errorformatter.ErrorFormatterException} (unchecked),
 * null arguments as {@link java.lang.NullPointerException}, and use of a closed catalog as
 * {@link org.errorformatter.CatalogClosedException} (an {@link java.lang.IllegalStateException}).
 */
package org.errorformatter;
