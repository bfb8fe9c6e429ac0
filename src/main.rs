mod cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `upcard grade` starts copies of itself as sandbox helpers.
    #[cfg(target_os = "linux")]
    {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if args
            .get(1)
            .is_some_and(|a| a == upcard::grade::sandbox::HELPER_ARG)
        {
            std::process::exit(upcard::grade::sandbox::helper_main(&args[2..]));
        }
    }
    let cli = cli::parse();
    let stdout = std::io::stdout();
    let result = cli.execute(&mut stdout.lock());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            let _ = stdout.lock().flush();
            if let Some(m) = f.message {
                eprintln!("upcard: {m}");
            }
            ExitCode::from(cli::exit_status(f.kind))
        }
    }
}
