package gpusim.trace;

import gpusim.api.CommandListType;
import java.util.List;

/** {@code command_list NAME type=T ... close}: recorded commands; executable any number of times. */
public record CommandList(String name, CommandListType type, List<Command> commands, int line, int closeLine) {
}
