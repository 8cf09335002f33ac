import { App, Tags } from 'aws-cdk-lib';
import { SiteStack } from './site-stack';

// `cdk synth` / `cdk deploy` entry (see cdk.json). Account and region come
// from the deploying profile; without one the stack is environment-agnostic.
const app = new App();
new SiteStack(app, 'AgriDealer', {
  description: 'Agricultural machinery catalogue and order requests',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Tags.of(app).add('project', 'agri-dealer');
