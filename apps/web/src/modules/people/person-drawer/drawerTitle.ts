/** Titles of the person drawer (spec 2 §2 "Person drawer"). */
export function personDrawerTitle(editing: boolean, team: boolean): string {
  if (team) return editing ? 'Editar membro da equipe' : 'Novo membro da equipe';
  return editing ? 'Editar pessoa' : 'Nova Pessoa';
}
