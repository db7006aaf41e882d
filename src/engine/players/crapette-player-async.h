/* crapette-player-async.h: a computer player's choice made in a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-player.h"

G_BEGIN_DECLS

/**
 * A window must never wait for a computer player: it asks for the choice
 * with crapette_player_choose_async(), which searches on a copy of the view
 * in a worker thread, and collects it with crapette_player_choose_finish()
 * in the callback. Cancel @cancellable when the round the view came from is
 * over (a new game starts): the callback then gets %G_IO_ERROR_CANCELLED.
 *
 * The task holds a reference to the player until its callback has run, so the
 * caller may drop its own at any time. A player keeps no lock: ask one player
 * for one choice at a time.
 */

void     crapette_player_choose_async  (CrapettePlayer         *player,
                                        const CrapettePosition *view,
                                        GCancellable           *cancellable,
                                        GAsyncReadyCallback     callback,
                                        gpointer                user_data);
gboolean crapette_player_choose_finish (CrapettePlayer         *player,
                                        GAsyncResult           *result,
                                        CrapetteMove           *move,
                                        GError                **error);

G_END_DECLS
