/* crapette-player.h: the computer-player interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"

G_BEGIN_DECLS

/**
 * CrapettePlayer:
 *
 * A computer player. It is given only a view (crapette-view.h: every card
 * face down is unknown), so it can never play on knowledge a person at the
 * table would not have, and it returns the move it makes.
 */
typedef struct _CrapettePlayer CrapettePlayer;

/**
 * CrapettePlayerClass:
 * @name: as given to crapette_player_new() and `crapette-sim --players`
 * @instance_size: the size of the player's struct, which starts with a #CrapettePlayer
 * @init: set up a new player (may be %NULL)
 * @finalize: free what @init made (may be %NULL)
 * @choose: pick a legal move in @view (there is always one while the round is on)
 */
typedef struct
{
  const char *name;
  gsize instance_size;
  void     (*init)     (CrapettePlayer         *player);
  void     (*finalize) (CrapettePlayer         *player);
  void     (*choose)   (CrapettePlayer         *player,
                        const CrapettePosition *view,
                        CrapetteMove           *move);
} CrapettePlayerClass;

struct _CrapettePlayer
{
  const CrapettePlayerClass *klass;
  guint64 random_state;   /* a CrapetteRandom, seeded from crapette_player_new() */
};

const char * const *crapette_player_list_kinds (void);
CrapettePlayer     *crapette_player_new        (const char             *kind,
                                                guint64                 seed,
                                                GError                **error);
void                crapette_player_free       (CrapettePlayer         *player);
const char         *crapette_player_get_kind   (CrapettePlayer         *player);
void                crapette_player_choose     (CrapettePlayer         *player,
                                                const CrapettePosition *view,
                                                CrapetteMove           *move);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapettePlayer, crapette_player_free)

G_END_DECLS
