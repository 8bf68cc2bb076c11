package gpusim.trace;

import java.util.List;

/** A parsed trace: resources, command lists and the top-level submissions, in trace order. */
public record Trace(String file, List<Resource> resources, List<CommandList> commandLists,
                    List<TopCommand> submissions) {

    public <R extends Resource> List<R> resources(Class<R> kind) {
        return resources.stream().filter(kind::isInstance).map(kind::cast).toList();
    }
}
