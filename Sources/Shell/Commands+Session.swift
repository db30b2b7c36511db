import LayoutEngine

/// The session itself: `undo`, `redo`, `reset`, `help`, `quit`.
extension Commands {
    static let session: [Command] = [
        Command(name: "undo", usage: "undo", summary: "undo the last change",
                details: """
                A layout pass is no change of its own: undo takes back the change before it (and a \
                recording loses that change with the passes that followed it).
                """,
                run: { s, a in try a.none(); try s.undo(); return .succeeded }),
        Command(name: "redo", usage: "redo", summary: "redo what undo undid",
                run: { s, a in try a.none(); try s.redo(); return .succeeded }),
        Command(name: "reset", usage: "reset", summary: "back to the starting state (root only)",
                mutates: true,
                run: { s, a in try a.none(); s.reset(); return .succeeded }),
        Command(name: "help", usage: "help [COMMAND]", summary: "the commands, or one command in detail",
                arguments: [.command],
                run: { s, a in
                    var c = try a.cursor()
                    if c.atEnd {
                        s.print(HelpText.list())
                        return .succeeded
                    }
                    let topic = try c.name("a command")
                    try c.expectEnd()
                    s.print(try HelpText.topic(topic))
                    return .succeeded
                }),
        Command(name: "quit", aliases: ["exit"], usage: "quit", summary: "leave strut",
                run: { s, a in try a.none(); return .quit }),
    ]
}
