package dev.stave.cli;

import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code stave generate-completion}: picocli's bash completion script, with what it leaves out. After
 * {@code --} every word is a file (README, "Commands"), but picocli's script counts {@code --} as an option
 * that takes a value, so there it offered nothing at all; and its function is registered with
 * {@code -o default} yet turns that off, so bash's own file names did not come either. The function added
 * here completes file names after {@code --} and hands every other word to picocli's. Likewise
 * {@code compile -o} offered nothing, not even folders.
 */
@Command(
    name = "generate-completion",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a bash/zsh completion script for stave.",
      "Run the following command to give `stave` TAB completion in the current shell:",
      "",
      "  source <(stave generate-completion)",
      ""
    },
    optionListHeading = "Options:%n")
final class CompletionCommand implements Runnable {
  /**
   * Goes after picocli's script, whose last line registers its own function: this registration replaces it,
   * as the function defined last replaces picocli's of that name.
   */
  static final String AFTER_DOUBLE_DASH = """

      # stave: after '--' every word is a file, whatever it starts with.
      function _complete_stave_files() {
        local i
        for (( i = 1; i < COMP_CWORD; i++ )); do
          if [[ "${COMP_WORDS[i]}" == -- ]]; then
            type compopt &>/dev/null && compopt -o filenames
            local IFS=$'\\n'
            COMPREPLY=( $(compgen -f -- "${COMP_WORDS[COMP_CWORD]}") )
            return 0
          fi
        done
        _complete_stave "$@"
      }

      complete -F _complete_stave_files -o default stave stave.sh stave.bash

      # stave: a word before the one completed is an option only when it is one's whole name. picocli's
      # version matched it as a regular expression anywhere in the list of names, so after 'stave diff out'
      # (part of '--timeout') it took the folder for an option and offered nothing for the second bundle.
      function currentPositionalIndex() {
        local commandName="$1"
        local optionsWithArgs=" $2 "
        local booleanOptions=" $3 "
        local previousWord
        local result=0
        local i
        for (( i = COMP_CWORD - 1; i >= 0; i-- )); do
          previousWord=${COMP_WORDS[i]}
          if [ "${previousWord}" = "$commandName" ]; then
            break
          fi
          if [[ "${optionsWithArgs}" == *" '${previousWord}' "* ]]; then
            ((result-=2)) # an option and its value are no positional parameter
          elif [[ "${booleanOptions}" == *" '${previousWord}' "* ]]; then
            ((result-=1)) # nor is a flag
          fi
          ((result++))
        done
        echo "$result"
      }
      """;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    CommandLine root = spec.root().commandLine();
    // compile's -o is text to picocli ('-' is standard output), and picocli's script completes file names
    // only for an option of type Path or File: as one, '-o <TAB>' offers folders. This run only prints the
    // script, so the command it changes runs no more.
    CommandLine.Model.CommandSpec compile = root.getSubcommands().get("compile").getCommandSpec();
    CommandLine.Model.OptionSpec output = compile.findOption("-o");
    compile.remove(output);
    // A copy of the option (builder(output)) would keep its type: a new one with its names and help.
    compile.addOption(CommandLine.Model.OptionSpec.builder(output.names()).type(Path.class)
        .paramLabel(output.paramLabel()).description(output.description()).build());
    String script = AutoComplete.bash(spec.root().name(), root);
    spec.commandLine().getOut().print(script + AFTER_DOUBLE_DASH);
    spec.commandLine().getOut().flush();
  }
}
