import Tactile

/// Says once on standard error what was guessed about a recording's devices and how to
/// give it (`GuessNotice`), before anything is recognized; `--quiet` silences it.
func sayGuesses(_ header: InputDevices, reading input: String, size: Size?, quiet: Bool = false) {
    guard !quiet else { return }
    let name = input == "-" ? "standard input" : input
    for line in GuessNotice.lines(for: header.devices, size: size) { printError("tactile: \(name): \(line)".terminalSafe) }
}
