import ScrollSimCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ScrollSimCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
