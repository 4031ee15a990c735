//! Finds liberrorformatter for the linker, without any crate:
//!
//! 1. `ERRORFORMATTER_LIB_DIR`: a directory holding `liberrorformatter.so` (e.g. the project's
//!    `build/lib`); nothing else is tried.
//! 2. `pkg-config --libs errorformatter` (the `pkg-config` binary, honouring `PKG_CONFIG_PATH`).
//! 3. Neither: `-lerrorformatter` alone, for a library in the linker's default paths.
//!
//! The directory found is passed on to dependents' build scripts as `DEP_ERRORFORMATTER_LIB_DIR`
//! (e.g. to set an rpath). Running the program still needs the library on the loader's path
//! (`LD_LIBRARY_PATH`, an rpath, or an installed copy).
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=ERRORFORMATTER_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG");

    if let Some(directory) = env::var_os("ERRORFORMATTER_LIB_DIR") {
        let directory = directory.to_string_lossy().into_owned();
        println!("cargo:rustc-link-search=native={directory}");
        println!("cargo:rustc-link-lib=dylib=errorformatter");
        println!("cargo:lib_dir={directory}");
        return;
    }
    if let Some(flags) = pkg_config_libs() {
        let mut linked = false;
        for flag in flags.split_whitespace() {
            if let Some(directory) = flag.strip_prefix("-L") {
                println!("cargo:rustc-link-search=native={directory}");
                println!("cargo:lib_dir={directory}");
            } else if let Some(library) = flag.strip_prefix("-l") {
                println!("cargo:rustc-link-lib=dylib={library}");
                linked |= library == "errorformatter";
            }
        }
        if !linked {
            println!("cargo:rustc-link-lib=dylib=errorformatter");
        }
        return;
    }
    println!(
        "cargo:warning=liberrorformatter not found through ERRORFORMATTER_LIB_DIR or pkg-config; \
         linking -lerrorformatter from the default paths"
    );
    println!("cargo:rustc-link-lib=dylib=errorformatter");
}

/// `pkg-config --libs errorformatter`, or None if pkg-config is missing or does not know it.
fn pkg_config_libs() -> Option<String> {
    let program = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".to_string());
    let output = Command::new(program).args(["--libs", "errorformatter"]).output().ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok()
}
