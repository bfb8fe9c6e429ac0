mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // `upcard grade` starts copies of itself as sandbox helpers.
    #[cfg(target_os = "linux")]
    {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if args
            .get(1)
            .is_some_and(|a| a == upcard::sandbox::HELPER_ARG)
        {
            std::process::exit(upcard::sandbox::helper_main(&args[2..]));
        }
    }
    let cli = cli::parse();
    let stdout = std::io::stdout();
    let result = cli.execute(&mut stdout.lock());
    ExitCode::from(cli::exit::finish_status(result, &stdout))
}
