//! Rebuild when the web app or the translations change, so a release binary
//! always embeds the current build (cargo scans the folders for changes).

fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
    println!("cargo:rerun-if-changed=../../web/public/locales");
    println!("cargo:rerun-if-changed=build.rs");
}
