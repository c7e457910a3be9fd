/* The few of jstat's distributions experiments' statistics use (the package ships no types). */
declare module 'jstat' {
  interface Distribution {
    cdf(x: number, ...parameters: number[]): number;
    inv(p: number, ...parameters: number[]): number;
  }
  const jStat: {
    /** Student's t: cdf(x, dof), inv(p, dof). */
    studentt: Distribution;
    /** The normal: cdf(x, mean, sd), inv(p, mean, sd). */
    normal: Distribution;
  };
  export default jStat;
}
