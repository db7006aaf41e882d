/* crapette-player.h: the computer-player interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "crapette-position.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_PLAYER (crapette_player_get_type ())

/**
 * CrapettePlayer:
 *
 * A computer player. It is given only a view (crapette-view.h: every card
 * face down is unknown), so it can never play on knowledge a person at the
 * table would not have, and it returns the move it makes.
 *
 * Each level is a final subclass (crapette-player-private.h) made by
 * crapette_player_new(). Players are reference-counted like every GObject,
 * so a worker thread choosing a move holds its own reference
 * (crapette_player_choose_async()) and nobody has to know who lets go last.
 */
G_DECLARE_DERIVABLE_TYPE (CrapettePlayer, crapette_player, CRAPETTE, PLAYER, GObject)

/**
 * CrapettePlayerClass:
 * @kind: the level's name, as given to crapette_player_new() and `crapette-sim --players`
 * @choose: pick a legal move in @view (there is always one while the round is on); with
 *   mistakes called it is given a view whose rules prevent them, so a level never breaks
 *   a duty by its own choice
 * @notice_rate: with mistakes called, how many of the opponent's mistakes in 1,000 the
 *   level calls
 * @mistake_rate: how many times in 1,000, when a move that breaks a duty is at hand, the
 *   level plays one on purpose for the opponent to catch (if it makes mistakes at all)
 * @makes_mistakes: whether the level makes such mistakes unless told otherwise
 *   (#CrapettePlayer:makes-mistakes)
 */
struct _CrapettePlayerClass
{
  GObjectClass parent_class;

  const char *kind;
  void (*choose) (CrapettePlayer         *self,
                  const CrapettePosition *view,
                  CrapetteMove           *move);
  guint notice_rate;
  guint mistake_rate;
  gboolean makes_mistakes;
};

const char * const *crapette_player_list_kinds (void);
CrapettePlayer     *crapette_player_new        (const char             *kind,
                                                guint64                 seed,
                                                GError                **error);
const char         *crapette_player_get_kind   (CrapettePlayer         *self);
void                crapette_player_choose     (CrapettePlayer         *self,
                                                const CrapettePosition *view,
                                                CrapetteMove           *move);
gboolean            crapette_player_notices_mistake (CrapettePlayer         *self,
                                                     const CrapettePosition *view,
                                                     guint                   move_index);
gboolean            crapette_player_get_makes_mistakes (CrapettePlayer *self);
gboolean            crapette_player_level_makes_mistakes (CrapettePlayer *self);
void                crapette_player_set_makes_mistakes (CrapettePlayer *self,
                                                        gboolean        makes_mistakes);

G_END_DECLS
