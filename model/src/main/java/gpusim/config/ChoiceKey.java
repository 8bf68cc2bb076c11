package gpusim.config;

import java.util.Locale;

/**
 * A key naming one constant of an enum: the choices are the constants' names in lower case,
 * in declaration order ({@code PagePolicy.CLOSED} is {@code closed}), and the value stored is
 * the constant's ordinal, so reports and presets read as before while a reader gets the enum
 * ({@link Config#choice}) instead of comparing numbers. Adding a choice is adding a constant.
 */
public final class ChoiceKey<E extends Enum<E>> extends ConfigKey {
    private final Class<E> type;

    ChoiceKey(String name, E def, String meaning) {
        super(name, def.ordinal(), 0, def.getDeclaringClass().getEnumConstants().length - 1, null, false,
                names(def.getDeclaringClass()), false, "name", meaning);
        this.type = def.getDeclaringClass();
    }

    /** The enum whose constants are this key's choices. */
    public Class<E> type() {
        return type;
    }

    /** The constant value {@code v} stands for. */
    public E constant(long v) {
        return type.getEnumConstants()[Math.toIntExact(v)];
    }

    /** How a choice key spells {@code e}: its name in lower case. */
    public static String nameOf(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static String[] names(Class<? extends Enum<?>> type) {
        Enum<?>[] constants = type.getEnumConstants();
        String[] names = new String[constants.length];
        for (int i = 0; i < constants.length; i++) {
            names[i] = nameOf(constants[i]);
        }
        return names;
    }
}
