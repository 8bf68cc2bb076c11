package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.util.shaderc.Shaderc.*;
import static org.lwjgl.vulkan.VK10.vkCreateShaderModule;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VkShaderModuleCreateInfo;

/**
 * The replay's GLSL shaders (resources gpusim/replay/shaders), compiled to SPIR-V by shaderc
 * (lwjgl-shaderc) once a process, then made into shader modules per device.
 */
final class Shaders {
    private static final Map<String, byte[]> SPIRV = new HashMap<>();

    private Shaders() {
    }

    /** SPIR-V of the shader {@code file} (draw.vert, draw.frag, NAME.comp). */
    static synchronized byte[] spirv(String file) {
        byte[] cached = SPIRV.get(file);
        if (cached != null) {
            return cached;
        }
        String source;
        try (InputStream in = Shaders.class.getResourceAsStream("shaders/" + file)) {
            if (in == null) {
                throw new IllegalStateException("missing shader resource " + file);
            }
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int kind = file.endsWith(".vert") ? shaderc_vertex_shader
                : file.endsWith(".frag") ? shaderc_fragment_shader : shaderc_compute_shader;
        long compiler = shaderc_compiler_initialize();
        long options = shaderc_compile_options_initialize();
        try {
            shaderc_compile_options_set_target_env(options, shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_3);
            shaderc_compile_options_set_optimization_level(options, shaderc_optimization_level_performance);
            long result = shaderc_compile_into_spv(compiler, source, kind, file, "main", options);
            try {
                if (shaderc_result_get_compilation_status(result) != shaderc_compilation_status_success) {
                    throw new IllegalStateException("shader " + file + " does not compile: "
                            + shaderc_result_get_error_message(result));
                }
                ByteBuffer bytes = shaderc_result_get_bytes(result);
                byte[] out = new byte[bytes.remaining()];
                bytes.get(out);
                SPIRV.put(file, out);
                return out;
            } finally {
                shaderc_result_release(result);
            }
        } finally {
            shaderc_compile_options_release(options);
            shaderc_compiler_release(compiler);
        }
    }

    static long module(VulkanDevice dev, String file) {
        byte[] code = spirv(file);
        ByteBuffer buf = MemoryUtil.memAlloc(code.length);
        try (MemoryStack stack = stackPush()) {
            buf.put(code).flip();
            VkShaderModuleCreateInfo ci = VkShaderModuleCreateInfo.calloc(stack).sType$Default().pCode(buf);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreateShaderModule(dev.device, ci, null, lp), "vkCreateShaderModule " + file);
            return lp.get(0);
        } finally {
            MemoryUtil.memFree(buf);
        }
    }
}
