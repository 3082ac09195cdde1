// sd-bus, from libsystemd: the D-Bus library `tactile serve` answers on (TactileLinux/DBus).
#include <systemd/sd-bus.h>
#include <stdlib.h>
#include <string.h>

// An object's vtable, built at run time from its members' names, because the SD_BUS_*
// macros that fill its entries (a bitfield and a union) cannot be written in Swift. Every
// property is read-only and emits PropertiesChanged; every method takes and returns
// nothing. `get` and `call` receive the userdata given to sd_bus_add_object_vtable. The
// table and its names live as long as the process (one per exported object).
static inline sd_bus_vtable *tactile_bus_vtable(size_t property_count, const char *const *property_names,
                                                const char *const *property_signatures, size_t method_count,
                                                const char *const *method_names, sd_bus_property_get_t get,
                                                sd_bus_message_handler_t call) {
    sd_bus_vtable *table = calloc(property_count + method_count + 2, sizeof(sd_bus_vtable));
    if (table == NULL) return NULL;
    size_t n = 0;
    const sd_bus_vtable start[] = { SD_BUS_VTABLE_START(0) };
    table[n++] = start[0];
    for (size_t i = 0; i < property_count; i++) {
        const sd_bus_vtable p[] = { SD_BUS_PROPERTY(strdup(property_names[i]), strdup(property_signatures[i]), get, 0,
                                                    SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE) };
        table[n++] = p[0];
    }
    for (size_t i = 0; i < method_count; i++) {
        const sd_bus_vtable m[] = { SD_BUS_METHOD(strdup(method_names[i]), "", "", call, SD_BUS_VTABLE_UNPRIVILEGED) };
        table[n++] = m[0];
    }
    const sd_bus_vtable end[] = { SD_BUS_VTABLE_END };
    table[n++] = end[0];
    return table;
}
