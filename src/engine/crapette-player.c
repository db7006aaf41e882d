/* crapette-player.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-player-private.h"

static const CrapettePlayerClass * const player_classes[] = {
  &crapette_random_player_class,
  &crapette_greedy_player_class,
  &crapette_easy_player_class,
  &crapette_medium_player_class,
  &crapette_hard_player_class,
};

/* The names of every kind of computer player, %NULL-terminated. */
const char * const *
crapette_player_list_kinds (void)
{
  static const char *names[G_N_ELEMENTS (player_classes) + 1];

  if (names[0] == NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (player_classes); i++)
        names[i] = player_classes[i]->name;
    }
  return names;
}

/* A new player of @kind ("random" …) whose random choices follow @seed. */
CrapettePlayer *
crapette_player_new (const char  *kind,
                     guint64      seed,
                     GError     **error)
{
  g_return_val_if_fail (kind != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (player_classes); i++)
    {
      const CrapettePlayerClass *klass = player_classes[i];

      if (g_str_equal (klass->name, kind))
        {
          CrapettePlayer *player = g_malloc0 (klass->instance_size);

          player->klass = klass;
          crapette_random_init (crapette_player_random (player), seed);
          if (klass->init != NULL)
            klass->init (player);
          return player;
        }
    }

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("There is no computer player called “%s”"), kind);
  return NULL;
}

/* Frees @player. */
void
crapette_player_free (CrapettePlayer *player)
{
  if (player == NULL)
    return;

  if (player->klass->finalize != NULL)
    player->klass->finalize (player);
  g_free (player);
}

/* The kind @player was made as. */
const char *
crapette_player_get_kind (CrapettePlayer *player)
{
  g_return_val_if_fail (player != NULL, NULL);

  return player->klass->name;
}

/* Sets @move to the player's choice in @view, which must be a view (see
 * crapette_view_init()) of a round in play. */
void
crapette_player_choose (CrapettePlayer         *player,
                        const CrapettePosition *view,
                        CrapetteMove           *move)
{
  g_return_if_fail (player != NULL);
  g_return_if_fail (view != NULL);
  g_return_if_fail (move != NULL);
  g_return_if_fail (view->outcome == CRAPETTE_OUTCOME_PLAYING);

  player->klass->choose (player, view, move);
}
