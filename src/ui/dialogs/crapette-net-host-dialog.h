/* crapette-net-host-dialog.h: the host's wait for a friend, with the address to give and the
 * code to compare
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A dialog over @parent showing the join @address, with a Copy button, and the short @code
 * both players compare. Its "cancel" response means the person stopped waiting. */
AdwMessageDialog *crapette_net_host_dialog_new        (GtkWindow        *parent,
                                                       const char       *address,
                                                       const char       *code);

/* Says that the friend has joined, and asks both to compare @code; its response is now
 * "play". Used on the joining side too, with @address %NULL. */
void              crapette_net_host_dialog_set_joined (AdwMessageDialog *dialog,
                                                       const char       *code);

/* The address the dialog shows, or %NULL. */
const char       *crapette_net_host_dialog_get_address (AdwMessageDialog *dialog);

G_END_DECLS
