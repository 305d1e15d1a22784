import type { EuFundingLogo } from '../data/euFunding.ts';
import './EuFunding.css';

/** The EU-funding logos and notice at the bottom of the home page (SPEC 2 "Home"). */
export function EuFunding({ logos, notice }: { logos: readonly EuFundingLogo[]; notice: string }) {
  return (
    <div className="eu-funding">
      <ul className="eu-funding__logos">
        {logos.map((logo) => (
          <li key={logo.src}>
            <img
              src={logo.src}
              alt={logo.alt}
              width={logo.width}
              height={logo.height}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
      <p className="eu-funding__notice">{notice}</p>
    </div>
  );
}
