package org.errorformatter;

import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.Test;

/** bindings/java/README.md names every public type and every public method of the package. */
public class ReadmeTest {
    private static List<Class<?>> publicTypes() throws IOException, URISyntaxException {
        Path classes = Path.of(Catalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path directory = classes.resolve("org/errorformatter");
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".class") && !name.equals("package-info.class"))
                    .map(name -> "org.errorformatter." + name.substring(0, name.length() - ".class".length()))
                    .map(ReadmeTest::load)
                    .filter(type -> Modifier.isPublic(type.getModifiers()))
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ReadmeTest.class.getClassLoader());
        } catch (ClassNotFoundException error) {
            throw new AssertionError(error);
        }
    }

    @Test
    public void everyPublicNameIsDocumented() throws Exception {
        String readme = Files.readString(Fixtures.examples().resolveSibling("bindings/java/README.md"),
                StandardCharsets.UTF_8);
        List<Class<?>> types = publicTypes();
        assertTrue("no public types found", types.size() > 15);
        for (Class<?> type : types) {
            String name = type.getName().substring("org.errorformatter.".length()).replace('$', '.');
            assertTrue("README does not name " + name, readme.contains("`" + name));
            for (Method method : type.getDeclaredMethods()) {
                if (Modifier.isPublic(method.getModifiers()) && !method.isSynthetic()
                        && !List.of("values", "valueOf").contains(method.getName())) {
                    assertTrue("README does not name " + name + "." + method.getName(),
                            readme.contains(method.getName() + "(") || readme.contains(method.getName() + "`"));
                }
            }
        }
    }
}
