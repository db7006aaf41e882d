/* crapette-table-names.c: the table in words, for screen readers and a player's ears
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each pile has a focusable CrapettePileView standing for it. Its accessible
 * name says what the eye sees of the pile (crapette_describe_pile()); its
 * description holds what a sighted player sees beside that: the card held
 * ("Holding the Seven of Clubs"), the piles that can take it ("Can take the
 * Seven of Clubs") and the cards of a fan. The pile holding the card is also
 * "pressed". Only what changed is set again, so a move makes a screen reader
 * hear of the piles it touched and of no other.
 *
 * The keys a blind player learns are here too: jump to a pile by its number
 * or kind, read the pile in focus card by card, read where the card held may
 * go, read the whole position. What they read is announced through the
 * table's ::announce signal.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-names.h"
#include "crapette-pile-description.h"
#include "crapette-pile-view.h"
#include "crapette-table-private.h"

/* Returns the name of @pile as a player says it in the middle of a sentence, its owner named
 * as everywhere else ("your reserve", "the computer’s waste pile", "House 3"). */
char *
crapette_table_get_pile_name (CrapetteTable  *self,
                              CrapettePileId  pile)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  return crapette_player_pile_name (self->game != NULL ? crapette_game_get_players (self->game)
                                                      : NULL,
                                    crapette_table_variant (self), pile);
}

/* The pile whose top card the person holds, by a click, a key or a drag. */
static CrapettePileId
held_pile (CrapetteTable *self)
{
  if (self->selected != CRAPETTE_NO_PILE)
    return self->selected;
  if (self->dragging)
    return self->drag_source;
  return CRAPETTE_NO_PILE;
}

static char *
build_description (CrapetteTable  *self,
                   CrapettePileId  pile,
                   CrapettePileId  held)
{
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *cards = crapette_describe_pile_cards (self->shown, pile);
  g_autofree char *held_card = NULL;

  if (held != CRAPETTE_NO_PILE)
    held_card = crapette_describe_top_card (self->shown, held);

  if (held_card != NULL && pile == held)
    /* Translators: said of the pile whose top card the player has picked up */
    g_string_append_printf (description, _("Holding the %s."), held_card);
  else if (held_card != NULL && self->targets[pile])
    /* Translators: said of a pile the card the player holds may be put on */
    g_string_append_printf (description, _("Can take the %s."), held_card);

  if (cards != NULL)
    {
      if (description->len > 0)
        g_string_append_c (description, ' ');
      g_string_append (description, cards);
    }
  return g_string_free (g_steal_pointer (&description), FALSE);
}

/* Sets @property of @pile to @text unless it says that already, so that a screen
 * reader hears only of what changed. */
static void
set_pile_text (CrapetteTable          *self,
               CrapettePileId          pile,
               GtkAccessibleProperty   property,
               char                  **shown,
               char                   *text)
{
  if (g_strcmp0 (*shown, text) == 0)
    {
      g_free (text);
      return;
    }
  g_free (*shown);
  *shown = text;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pile_views[pile]), property, text, -1);
}

/* Brings the accessible name and description of the piles in @changed (a bit `1 << pile`
 * each) up to date with what the table shows, and every pile's held state. */
void
crapette_table_update_pile_labels (CrapetteTable *self,
                                   guint32        changed)
{
  CrapettePileId held = held_pile (self);

  if (self->shown == NULL)
    return;

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      gboolean pressed = pile == held;

      if (!crapette_table_pile_is_used (self, pile))
        continue;

      if ((changed & (1u << pile)) != 0)
        {
          set_pile_text (self, pile, GTK_ACCESSIBLE_PROPERTY_LABEL, &self->pile_labels[pile],
                         crapette_describe_pile (self->shown, pile,
                                                 crapette_game_get_players (self->game)));
          set_pile_text (self, pile, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                         &self->pile_descriptions[pile],
                         build_description (self, pile, held));
        }
      if (pressed != self->pile_pressed[pile])
        {
          self->pile_pressed[pile] = pressed;
          gtk_accessible_update_state (GTK_ACCESSIBLE (self->pile_views[pile]),
                                       GTK_ACCESSIBLE_STATE_PRESSED,
                                       pressed ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                               : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                       -1);
        }
    }
}

/* Forgets the words set on the piles, which belong to the widgets being disposed. */
void
crapette_table_forget_pile_labels (CrapetteTable *self)
{
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_clear_pointer (&self->pile_labels[pile], g_free);
      g_clear_pointer (&self->pile_descriptions[pile], g_free);
    }
}

/* ---- Reading aloud ------------------------------------------------------- */

/* The pile in words with every card one sees of it. */
static char *
read_pile (CrapetteTable  *self,
           CrapettePileId  pile)
{
  g_autofree char *name = crapette_describe_pile (self->shown, pile,
                                                  crapette_game_get_players (self->game));
  g_autofree char *cards = crapette_describe_pile_cards (self->shown, pile);

  if (cards == NULL)
    return g_steal_pointer (&name);
  /* Translators: a pile, then its cards: "House 3, 2 cards, top card Nine of Hearts. From
   * the bottom: Ten of Clubs, Nine of Hearts" */
  return g_strdup_printf (_("%s. %s"), name, cards);
}

static void
action_read_pile (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);
  CrapettePileId pile = crapette_pile_view_get_focused_pile (GTK_WIDGET (self));
  g_autofree char *text = NULL;

  if (pile == CRAPETTE_NO_PILE || self->shown == NULL)
    return;
  text = read_pile (self, pile);
  g_signal_emit_by_name (self, "announce", text);
}

/* Whether @pile, of @kind, is empty and may take the card held. */
static gboolean
is_empty_target (CrapetteTable    *self,
                 CrapettePileId    pile,
                 CrapettePileKind  kind)
{
  return self->targets[pile] && crapette_pile_kind (pile) == kind &&
         crapette_table_pile_is_used (self, pile) && crapette_table_count (self, pile) == 0;
}

/* How many empty piles of @kind may take the card held, and in @first the first of them. */
static guint
count_empty_targets (CrapetteTable    *self,
                     CrapettePileKind  kind,
                     CrapettePileId   *first)
{
  guint count = 0;

  *first = CRAPETTE_NO_PILE;
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (!is_empty_target (self, pile, kind))
        continue;
      if (count++ == 0)
        *first = pile;
    }
  return count;
}

/* Any one of several empty places of @kind, in a list of where a card may go. */
static const char *
empty_place_name (CrapetteTable    *self,
                  CrapettePileKind  kind)
{
  gboolean american = crapette_table_variant (self) == CRAPETTE_VARIANT_AMERICAN;

  if (kind == CRAPETTE_PILE_KIND_FOUNDATION)
    /* Translators: in "The Ace of Spades can go to any empty foundation." */
    return _("any empty foundation");
  if (american)
    /* Translators: in "The King of Clubs can go to any empty tableau pile." */
    return _("any empty tableau pile");
  /* Translators: in "The King of Clubs can go to any empty house." */
  return _("any empty house");
}

/* Tells screen readers the card @mover has just turned up, which the focus, on the stock or
 * elsewhere, does not show. */
void
crapette_table_say_turned_card (CrapetteTable *self,
                                CrapetteSeat   mover)
{
  CrapettePileId turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover);
  CrapetteCard card = crapette_view_get_top (crapette_game_get_view (self->game), turned);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (!crapette_card_is_real (card))
    return;
  name = crapette_card_spoken_name (card);
  /* Translators: said when a card is turned from the stock or hand */
  text = g_strdup_printf (_("Turned up: %s"), name);
  g_signal_emit_by_name (self, "announce", text);
}

/* Where the card held may go, as a sentence. */
static char *
read_targets (CrapetteTable *self)
{
  CrapettePileId held = held_pile (self);
  CrapettePileId first_empty;
  g_autofree char *card = NULL;
  g_autoptr(GString) targets = g_string_new (NULL);

  if (held != CRAPETTE_NO_PILE && self->shown != NULL)
    card = crapette_describe_top_card (self->shown, held);
  if (card == NULL)
    return g_strdup (_("No card is held. Pick one up with Enter first."));

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_autofree char *name = NULL;

      if (!self->targets[pile] || !crapette_table_pile_is_used (self, pile))
        continue;
      /* Empty places alike are named once: an Ace can go to eight empty foundations. */
      if (is_empty_target (self, pile, crapette_pile_kind (pile)) &&
          count_empty_targets (self, crapette_pile_kind (pile), &first_empty) > 1)
        {
          if (first_empty != pile)
            continue;
          name = g_strdup (empty_place_name (self, crapette_pile_kind (pile)));
        }
      else
        name = crapette_table_get_pile_name (self, pile);
      if (targets->len > 0)
        g_string_append (targets, C_("list of piles", ", "));
      g_string_append (targets, name);
    }
  if (targets->len == 0)
    /* Translators: %s is the card the player holds */
    return g_strdup_printf (_("The %s can go nowhere."), card);
  /* Translators: "The Seven of Clubs can go to House 3, Foundation 2." */
  return g_strdup_printf (_("The %s can go to %s."), card, targets->str);
}

static void
action_read_targets (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);
  g_autofree char *text = read_targets (self);

  g_signal_emit_by_name (self, "announce", text);
}

static void
action_read_position (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);
  g_autoptr(GString) position = g_string_new (NULL);

  if (self->shown == NULL)
    return;
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_autofree char *text = NULL;

      if (!crapette_table_pile_is_used (self, pile))
        continue;
      text = read_pile (self, pile);
      if (position->len > 0)
        g_string_append (position, ".\n");
      g_string_append (position, text);
    }
  g_string_append_c (position, '.');
  g_signal_emit_by_name (self, "announce", position->str);
}

/* ---- Jumping to a pile --------------------------------------------------- */

static void
focus_pile (CrapetteTable  *self,
            CrapettePileId  pile)
{
  if (!crapette_table_pile_is_used (self, pile))
    return;
  gtk_widget_grab_focus (self->pile_views[pile]);
  crapette_table_show_focus (self);
}

/* Jumps to the house or foundation the key names: the parameter is the pile itself. */
static void
action_focus_pile (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  guint pile = g_variant_get_uint32 (parameter);

  if (pile < CRAPETTE_N_PILES)
    focus_pile (CRAPETTE_TABLE (widget), pile);
}

/* The own piles are those of the player to move (at one screen, each player in turn), the
 * other piles those of the other player. */
static void
focus_seat_pile (CrapetteTable *self,
                 GVariant      *parameter,
                 gboolean       own)
{
  guint kind = g_variant_get_uint32 (parameter);
  CrapetteSeat mover = crapette_table_mover (self);

  if (kind < CRAPETTE_PILE_KIND_HOUSE && mover < CRAPETTE_N_SEATS)
    focus_pile (self, crapette_pile_of_seat (kind, own ? mover : 1 - mover));
}

static void
action_focus_own_pile (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  focus_seat_pile (CRAPETTE_TABLE (widget), parameter, TRUE);
}

static void
action_focus_other_pile (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  focus_seat_pile (CRAPETTE_TABLE (widget), parameter, FALSE);
}

/* Installs the keys that jump to piles and read the table aloud, with their actions. */
void
crapette_table_install_reading_actions (GtkWidgetClass *widget_class)
{
  static const struct
  {
    guint keyval;
    guint other_keyval;
    CrapettePileKind kind;
  } seat_piles[] = {
    { GDK_KEY_d, GDK_KEY_D, CRAPETTE_PILE_KIND_STOCK },
    { GDK_KEY_c, GDK_KEY_C, CRAPETTE_PILE_KIND_TURNED },
    { GDK_KEY_w, GDK_KEY_W, CRAPETTE_PILE_KIND_WASTE },
    { GDK_KEY_r, GDK_KEY_R, CRAPETTE_PILE_KIND_RESERVE },
  };

  gtk_widget_class_install_action (widget_class, "table.read-pile", NULL, action_read_pile);
  gtk_widget_class_install_action (widget_class, "table.read-targets", NULL,
                                   action_read_targets);
  gtk_widget_class_install_action (widget_class, "table.read-position", NULL,
                                   action_read_position);
  gtk_widget_class_install_action (widget_class, "table.focus-pile", "u", action_focus_pile);
  gtk_widget_class_install_action (widget_class, "table.focus-own-pile", "u",
                                   action_focus_own_pile);
  gtk_widget_class_install_action (widget_class, "table.focus-other-pile", "u",
                                   action_focus_other_pile);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, 0, "table.read-pile", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, 0, "table.read-targets", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "table.read-position", NULL);
  for (guint index = 0; index < CRAPETTE_N_HOUSES; index++)
    {
      guint house = crapette_pile_house (index), foundation = crapette_pile_foundation (index);

      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + index, 0,
                                           "table.focus-pile", "u", house);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + index, 0,
                                           "table.focus-pile", "u", house);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + index, GDK_CONTROL_MASK,
                                           "table.focus-pile", "u", foundation);
    }
  for (guint i = 0; i < G_N_ELEMENTS (seat_piles); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, seat_piles[i].keyval, 0,
                                           "table.focus-own-pile", "u", seat_piles[i].kind);
      gtk_widget_class_add_binding_action (widget_class, seat_piles[i].other_keyval,
                                           GDK_SHIFT_MASK, "table.focus-other-pile", "u",
                                           seat_piles[i].kind);
    }
}
