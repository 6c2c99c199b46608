import SystemSupport

SystemProcess.exit(
    SpecServerCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: SystemProcess.environment()
    )
)
