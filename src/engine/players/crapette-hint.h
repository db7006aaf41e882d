/* crapette-hint.h: the move the strongest computer player would make for a person
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-game.h"

G_BEGIN_DECLS

/* Starts looking, in a worker thread, for the move Hard would make in @game's view. */
void     crapette_hint_find_async  (CrapetteGame         *game,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);

/* Collects the hint; %FALSE with @error set when the round moved on or was cancelled. */
gboolean crapette_hint_find_finish (CrapetteGame         *game,
                                    GAsyncResult         *result,
                                    CrapetteMove         *move,
                                    GError              **error);

G_END_DECLS
