import { euFundingLogos, euFundingNotice } from '../../data/euFunding.ts';
import { homeMessages } from '../../messages/home.ts';
import { EuFunding } from '../../views/EuFunding.tsx';
import { HomeSection } from '../../views/HomeSection.tsx';

export function EuFundingSection() {
  return (
    <HomeSection id="eu-fondovi" title={homeMessages.euFunding} tinted>
      <EuFunding logos={euFundingLogos} notice={euFundingNotice} />
    </HomeSection>
  );
}
