import Glibc

exit(
    SpecServerCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: SpecServerCommand.processEnvironment()
    )
)
