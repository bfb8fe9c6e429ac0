//! Links the `upcard` binary as a static PIE on Linux with glibc (issue #32).
//!
//! Why: a dynamically linked upcard spends about half a millisecond of every
//! start in the dynamic loader (three libraries, 9,000 relocations, eager
//! symbol binding), which is most of a whole course game's cost; course
//! staff run the binary thousands of times in grading scripts. A static PIE
//! keeps ASLR and full RELRO and starts like a C program.
//!
//! Why this way: stable Cargo cannot give one crate `-C
//! target-feature=+crt-static` (set for the whole build it breaks
//! proc-macros, and `--target` moves target/release). So the binary's own
//! link gets `-static-pie`, and rustc's dynamic `-l` libraries are resolved
//! to glibc's and libgcc's archives through linker scripts named like the
//! shared libraries, found first on the search path: the same archives a
//! crt-static build links. Only the binary: tests, benches and the library
//! link as before.
//!
//! Falls back to the ordinary dynamic link (with a warning) where the static
//! archives are missing (Fedora without glibc-static, say), when
//! cross-compiling, or with `UPCARD_LINK=dynamic`.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The archives rustc's dynamic link names (`-lgcc_s -lutil -lrt -lpthread
/// -lm -ldl -lc`), each with the static archives standing in for it.
const SHIMS: [(&str, &[&str]); 7] = [
    ("gcc_s", &["libgcc_eh.a", "libgcc.a"]),
    ("util", &["libutil.a"]),
    ("rt", &["librt.a"]),
    ("pthread", &["libpthread.a"]),
    ("m", &["libm.a"]),
    ("dl", &["libdl.a"]),
    ("c", &["libc.a"]),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=UPCARD_LINK");
    // The bundled library (src/library.rs) is these folders, embedded:
    // a changed scenario or golden rebuilds the binary.
    println!("cargo::rerun-if-changed=scenarios");
    println!("cargo::rerun-if-changed=golden");
    match static_link() {
        Ok(Some(shims)) => {
            println!("cargo::rustc-link-arg-bins=-L{}", shims.display());
            println!("cargo::rustc-link-arg-bins=-static-pie");
        }
        Ok(None) => {}
        Err(why) => println!(
            "cargo::warning=upcard is linked dynamically ({why}); it starts about 0.5 ms slower"
        ),
    }
}

/// The folder of linker scripts to link against, or None where a static
/// link is not wanted at all (another OS or libc, or asked not to).
fn static_link() -> Result<Option<PathBuf>, String> {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == "crt-static")
        || var("UPCARD_LINK") == "dynamic"
    {
        return Ok(None);
    }
    if var("TARGET") != var("HOST") {
        return Err("cross-compiling: the static archives found would be the host's".into());
    }
    let cc = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".into());
    let find = |name: &str| -> Result<String, String> {
        let out = Command::new(&cc)
            .arg(format!("-print-file-name={name}"))
            .output()
            .map_err(|e| format!("{cc}: {e}"))?;
        let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
        // The compiler echoes the bare name when it has no such file.
        if Path::new(&path).is_absolute() && Path::new(&path).exists() {
            Ok(path)
        } else {
            Err(format!("{cc} has no {name}"))
        }
    };
    find("rcrt1.o")?; // the static PIE start file (gcc 8 and later)
    let dir = PathBuf::from(var("OUT_DIR")).join("static-link");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (lib, archives) in SHIMS {
        let paths = archives
            .iter()
            .map(|a| find(a))
            .collect::<Result<Vec<_>, _>>()?;
        let file = dir.join(format!("lib{lib}.so"));
        let quoted: Vec<String> = paths.iter().map(|p| format!("\"{p}\"")).collect();
        std::fs::write(&file, format!("INPUT({})\n", quoted.join(" ")))
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(Some(dir))
}
