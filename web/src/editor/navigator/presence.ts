/** Distinct colours for other people's selections, the same person always in the same one. */
const COLORS = ['#e8590c', '#2f9e44', '#ae3ec9', '#1098ad', '#e64980', '#f59f00', '#5c7cfa', '#d6336c'];

export const presenceColor = (userId: number) => COLORS[Math.abs(userId) % COLORS.length]!;
