/* crapette-pile-view.c: one pile of the table, as keyboard focus and screen readers see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table draws every card itself, so that a card can fly from one pile to
 * another above all of them. Each pile still needs a widget of its own: one
 * that takes the keyboard focus, moves with Tab and the arrow keys, and
 * carries the label a screen reader speaks ("South's reserve, 12 cards, top
 * card Seven of Diamonds"). That is all this widget does.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-pile-view.h"

struct _CrapettePileView
{
  GtkWidget parent_instance;

  CrapettePileId pile;
};

G_DEFINE_FINAL_TYPE (CrapettePileView, crapette_pile_view, GTK_TYPE_WIDGET)

static void
crapette_pile_view_class_init (CrapettePileViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_css_name (widget_class, "pile");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
crapette_pile_view_init (CrapettePileView *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* The table's own gestures handle the pointer; a pile only takes focus. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

/* Creates the focusable stand-in for @pile; the table draws the cards. */
GtkWidget *
crapette_pile_view_new (CrapettePileId pile)
{
  CrapettePileView *self;

  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  self = g_object_new (CRAPETTE_TYPE_PILE_VIEW, NULL);
  self->pile = pile;
  return GTK_WIDGET (self);
}

/* Returns the pile this widget stands for. */
CrapettePileId
crapette_pile_view_get_pile (CrapettePileView *self)
{
  g_return_val_if_fail (CRAPETTE_IS_PILE_VIEW (self), CRAPETTE_NO_PILE);

  return self->pile;
}

/* Returns the pile of the pile view among @parent's children that has the keyboard focus, or
 * %CRAPETTE_NO_PILE. */
CrapettePileId
crapette_pile_view_get_focused_pile (GtkWidget *parent)
{
  GtkWidget *child;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), CRAPETTE_NO_PILE);

  child = gtk_widget_get_focus_child (parent);
  if (child == NULL || !CRAPETTE_IS_PILE_VIEW (child))
    return CRAPETTE_NO_PILE;
  return crapette_pile_view_get_pile (CRAPETTE_PILE_VIEW (child));
}
