import ArgumentParser

/// `--json`, the same flag on every command that can print JSON (see ``JSONOutput`` for the form).
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.") var json = false
}
